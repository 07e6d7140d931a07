/** Manufacturers: list, form and the kind the discount groups refer to. */
export { manufacturerKind } from './api/manufacturer-kind';
export { ManufacturerFormPage, ManufacturerListPage } from './routes';
