import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../lib/format';
import { notifyWarning } from '../lib/notify';
import { checkFile, normalizeExtensions } from './check-file';

export interface FileDropzoneProps {
  /** Allowed file extensions, e.g. ['.xlsx', '.xls', '.csv']; empty allows every type. */
  accept: string[];
  /** Largest allowed file in bytes (SPEC §9: uploads under 200 MB). */
  maxSize: number;
  multiple?: boolean;
  /** Called with the files that passed the checks (never with an empty list). */
  onFiles(files: File[]): void;
  disabled?: boolean;
  /** Shows a busy overlay, e.g. while the chosen file uploads. */
  loading?: boolean;
  /** Replaces the default "Datei hierher ziehen …" text. */
  label?: ReactNode;
  /** Receives a function that opens the file picker (e.g. a "Neu hochladen" button elsewhere). */
  openRef?: Ref<() => void>;
}

const ignore = () => {};

/**
 * Drop area and file picker. It checks type, size and count itself, names what was rejected under the area
 * and in a warning toast, and hands on only the files that may be uploaded.
 */
export function FileDropzone({
  accept,
  maxSize,
  multiple = false,
  onFiles,
  disabled,
  loading,
  label,
  openRef,
}: FileDropzoneProps) {
  const { t } = useTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const hintId = useId();
  const errorId = useId();
  const extensions = normalizeExtensions(accept);
  const size = formatFileSize(maxSize);
  const hint =
    extensions.length > 0
      ? t('dropzone.accepted', { types: extensions.join(', '), size })
      : t('dropzone.sizeLimit', { size });

  // react-dropzone gets no type or size limits: it would judge by MIME type, which browsers report
  // inconsistently for spreadsheets. Everything dropped arrives here and is checked by extension.
  const handleDrop = (accepted: FileWithPath[], rejected: FileRejection[]) => {
    const files: File[] = [...accepted, ...rejected.map((rejection) => rejection.file)];
    if (files.length === 0) return;
    const found: string[] = [];
    const valid: File[] = [];
    if (!multiple && files.length > 1) {
      found.push(t('dropzone.rejectedCount'));
    } else {
      for (const file of files) {
        const problem = checkFile(file, accept, maxSize);
        if (problem) found.push(problem);
        else valid.push(file);
      }
    }
    const unique = [...new Set(found)];
    setProblems(unique);
    if (unique.length > 0) notifyWarning(unique.join(' '));
    if (valid.length > 0) onFiles(valid);
  };

  const title = label ?? t(multiple ? 'dropzone.idleMultiple' : 'dropzone.idle');

  // The zone is the one control: a button named by its visible text. The hint and the problems sit below it
  // as its description, and react-dropzone's file input is taken out of the tree (display: none, still
  // clickable by the zone and `openRef`) so that no focusable element is nested inside the button.
  return (
    <Stack gap={4}>
      <Dropzone
        onDrop={ignore}
        onDropAny={handleDrop}
        openRef={openRef}
        multiple={multiple}
        disabled={disabled}
        loading={loading}
        inputProps={{
          ...(extensions.length > 0 ? { accept: extensions.join(',') } : {}),
          style: { display: 'none' },
          'aria-label': typeof title === 'string' ? title : undefined,
        }}
        role="button"
        aria-describedby={problems.length > 0 ? `${hintId} ${errorId}` : hintId}
        aria-disabled={disabled || undefined}
        style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileUpload size={40} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <Text size="md">{title}</Text>
        </Group>
      </Dropzone>
      <Text id={hintId} size="sm" c="dimmed">
        {hint}
      </Text>
      {problems.length > 0 && (
        // Not a live region of its own: the warning toast already announces the problem.
        <Stack id={errorId} gap={2}>
          {problems.map((problem) => (
            <Text key={problem} size="sm" c="red">
              {problem}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
