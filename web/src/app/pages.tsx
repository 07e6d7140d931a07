import type { OfferListPath } from '@portal/domain/rules/offer-state';
import type { PageId } from '@portal/domain/rules/reachability';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageProps } from './page-props';

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** The offer, order or job list: one page, the path says which states it shows. */
function offerList(path: OfferListPath): Page {
  return lazy(() =>
    import('../features/offer/pages/OfferListPage').then((module) => ({
      default: () => <module.OfferListPage path={path} />,
    })),
  );
}

const offerDetail: Page = lazy(() => import('../features/offer/pages/OfferDetailPage'));

/** Every page of the reachability table, lazy-loaded so the login route stays small (ARCHITECTURE §7). */
export const PAGES: Record<PageId, Page> = {
  login: lazy(() => import('../features/auth/pages/LoginPage')),
  forget: lazy(() => import('../features/account/pages/ForgetPage')),
  reset: lazy(() => import('../features/account/pages/ResetPage')),
  action: lazy(() => import('../features/account/pages/ActionPage')),
  register: lazy(() => import('../features/account/pages/RegisterPage')),
  businessDataPublic: lazy(() => import('../features/business-data/pages/FolderPublicPage')),
  businessDataInvite: lazy(() => import('../features/business-data/pages/FolderInvitePage')),
  imprint: lazy(() => import('../features/legal/pages/ImprintPage')),
  privacy: lazy(() => import('../features/legal/pages/PrivacyPage')),
  tom: lazy(() => import('../features/legal/pages/TomPage')),
  avb: lazy(() => import('../features/legal/pages/AvbPage')),
  subcontractors: lazy(() => import('../features/legal/pages/SubcontractorsPage')),
  profile: lazy(() => import('../features/account/pages/ProfilePage')),
  messages: lazy(() => import('../features/notification/pages/MessagesPage')),
  companyList: lazy(() => import('../features/company/pages/CompanyListPage')),
  companyForm: lazy(() => import('../features/company/pages/CompanyFormPage')),
  articleList: lazy(() => import('../features/article/pages/ArticleListPage')),
  articleForm: lazy(() => import('../features/article/pages/ArticleFormPage')),
  fieldValues: lazy(() => import('../features/field-values/pages/FieldValuesPage')),
  manufacturerList: lazy(() => import('../features/manufacturer/pages/ManufacturerListPage')),
  manufacturerForm: lazy(() => import('../features/manufacturer/pages/ManufacturerFormPage')),
  discountList: lazy(() => import('../features/discount-group/pages/DiscountGroupListPage')),
  discountForm: lazy(() => import('../features/discount-group/pages/DiscountGroupFormPage')),
  unitList: lazy(() => import('../features/unit/pages/UnitListPage')),
  unitForm: lazy(() => import('../features/unit/pages/UnitFormPage')),
  wholesalerList: lazy(() => import('../features/wholesaler/pages/WholesalerListPage')),
  wholesalerForm: lazy(() => import('../features/wholesaler/pages/WholesalerFormPage')),
  eclassList: lazy(() => import('../features/eclass/pages/EclassListPage')),
  eclassForm: lazy(() => import('../features/eclass/pages/EclassFormPage')),
  importConfigList: lazy(() => import('../features/import-config/pages/ImportConfigListPage')),
  importConfigForm: lazy(() => import('../features/import-config/pages/ImportConfigFormPage')),
  bomImport: lazy(() => import('../features/bom-import/pages/BomImportPage')),
  userList: lazy(() => import('../features/user/pages/UserListPage')),
  userForm: lazy(() => import('../features/user/pages/UserFormPage')),
  enquiryList: lazy(() => import('../features/enquiry/pages/EnquiryListPage')),
  enquiryForm: lazy(() => import('../features/enquiry/pages/EnquiryFormPage')),
  offerList: offerList('/offer'),
  offerNew: lazy(() => import('../features/offer/pages/OfferNewPage')),
  offerDetail,
  orderList: offerList('/order'),
  orderDetail: offerDetail,
  jobList: offerList('/job'),
  jobDetail: offerDetail,
  businessDataList: lazy(() => import('../features/business-data/pages/FolderListPage')),
  businessDataDetail: lazy(() => import('../features/business-data/pages/FolderDetailPage')),
};
