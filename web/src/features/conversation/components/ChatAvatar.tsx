import { Avatar } from '@mantine/core';
import { avatarColor, avatarInitials } from '@portal/domain/rules/avatar';

/** SPEC §2: the sender's initials (up to two name parts) in a palette colour that stays the person's own. */
export function ChatAvatar({
  name,
  personKey,
  size = 32,
}: {
  name: string;
  personKey: string | null;
  size?: number;
}) {
  const color = avatarColor(personKey ?? name);
  return (
    <Avatar
      size={size}
      radius="xl"
      styles={{ root: { backgroundColor: color }, placeholder: { color: '#fff', backgroundColor: color } }}
      aria-label={name}
      title={name}
      data-testid="chat-avatar"
      data-color={color}
    >
      {avatarInitials(name)}
    </Avatar>
  );
}
