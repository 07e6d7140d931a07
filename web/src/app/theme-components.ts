import { type MantineThemeComponents, type PaginationProps, rem } from '@mantine/core';
import common from '../locales/de/common.json';

/**
 * Defaults of Mantine's controls that come without a name or with an English one (WCAG 4.1.2, SPEC §1 German
 * only): close and clear buttons, the password toggle, the pagination edges and the calendar's arrows. The
 * texts come straight from the German catalogue because the theme is built before i18next starts.
 * Small icon buttons get at least 24 × 24 px to hit (WCAG 2.2, 2.5.8) whatever size a screen gives them.
 */
const labels = common.controls;
const table = common.table;

const CONTROL_LABELS: Record<string, string> = {
  first: labels.firstPage,
  previous: table.previousPage,
  next: table.nextPage,
  last: labels.lastPage,
};

const MIN_TARGET = { minWidth: rem(24), minHeight: rem(24) };

export const componentDefaults: MantineThemeComponents = {
  ActionIcon: { styles: { root: MIN_TARGET } },
  // Every close button without a name of its own: dialogs, side panels, toasts, alerts.
  CloseButton: { defaultProps: { 'aria-label': common.close }, styles: { root: MIN_TARGET } },
  // A dialog's title bar is a plain block: a `header` rendered outside `main` would be a second page banner.
  ModalHeader: { defaultProps: { component: 'div' } },
  DrawerHeader: { defaultProps: { component: 'div' } },
  // A toast's text under its title: Mantine paints it gray-6 (3.3:1 on white), the dimmed grey reads.
  Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  InputClearButton: { defaultProps: { 'aria-label': labels.clearInput } },
  DateInput: { defaultProps: { clearButtonProps: { 'aria-label': labels.clearDate } } },
  DatePickerInput: { defaultProps: { clearButtonProps: { 'aria-label': labels.clearDate } } },
  Calendar: {
    defaultProps: {
      ariaLabels: {
        previousMonth: labels.previousMonth,
        nextMonth: labels.nextMonth,
        previousYear: labels.previousYear,
        nextYear: labels.nextYear,
        previousDecade: labels.previousDecade,
        nextDecade: labels.nextDecade,
      },
    },
  },
  // A toggle (aria-pressed) named without the word "Passwort", so the field's own label stays the only one
  // that reads "Passwort" (sign-in finds the field by it).
  PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': labels.showInput } } },
  Pagination: {
    defaultProps: {
      getControlProps: ((control) => ({
        'aria-label': CONTROL_LABELS[control],
      })) satisfies NonNullable<PaginationProps['getControlProps']>,
    },
  },
  Burger: { defaultProps: { 'aria-label': labels.menu } },
};
