/**
 * How a field of a read-only enquiry or offer looks (suppliers, released enquiries): filled grey, no chevrons
 * or steppers, '–' for an empty value, so that nothing invites an edit that is not possible.
 */
export function readOnlyInput(readOnly: boolean) {
  return readOnly ? ({ readOnly: true, variant: 'filled', placeholder: '–' } as const) : { readOnly: false };
}

/** The same for a choice: also without its chevron. */
export function readOnlySelect(readOnly: boolean) {
  return readOnly ? ({ ...readOnlyInput(true), rightSection: null } as const) : { readOnly: false };
}
