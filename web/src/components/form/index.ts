export { CheckboxField, type CheckboxFieldProps } from './CheckboxField';
export { FormActions } from './FormActions';
export { NumberField, type NumberFieldProps } from './NumberField';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { SwitchField, type SwitchFieldProps } from './SwitchField';
export { TextareaField, type TextareaFieldProps } from './TextareaField';
export { TextField, type TextFieldProps } from './TextField';
export { type FieldProps, useErrorText } from './use-field';
