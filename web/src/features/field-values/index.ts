/** The named master data (manufacturers, units, discount groups, wholesalers, E-Class): the calls, list,
 * name fields and CSV buttons their pages share, and the overview page. */
export type { FieldValueKind } from './api/field-value-kind';
export { useFieldValue, useFieldValueReload } from './api/get-field-value';
export { useFieldValues } from './api/get-field-values';
export { useSaveFieldValue } from './api/save-field-value';
export { isNameTakenElsewhere } from './api/search-field-value-names';
export { useFieldValueForm, useFieldValueTitle } from './api/use-field-value-form';
export { CsvButtons } from './components/CsvButtons';
export { FieldValueList } from './components/FieldValueList';
export { NameFields } from './components/NameFields';
export { useNamedHistory } from './components/use-named-history';
export { VariantsText } from './components/VariantsText';
export { FieldValuesPage } from './routes';
