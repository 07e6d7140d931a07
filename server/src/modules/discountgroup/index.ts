/** The discount groups' public face: routes and services for the composition root, the insert for demo data and tests. */
export { createDiscountGroupCsvService } from './discountgroup.csv';
export {
  createDiscountGroupDatanormService,
  type DatanormDiscountTarget,
} from './discountgroup.datanorm';
export { insertDiscountGroup } from './discountgroup.repository';
export { discountGroupRoutes } from './discountgroup.routes';
export { createDiscountGroupService } from './discountgroup.service';
