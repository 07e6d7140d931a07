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
      // An image of the initials: named by the full name (aria-label is not allowed on a plain element).
      role="img"
      aria-label={name}
      title={name}
      data-testid="chat-avatar"
      data-color={color}
    >
      {avatarInitials(name)}
    </Avatar>
  );
}
