export {
  type TechnicalSpecFieldNote,
  type TechnicalSpecFormValues,
  TechnicalSpecSection,
} from './TechnicalSpecSection';
