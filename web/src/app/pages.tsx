import type { PageId } from '@portal/domain/rules/reachability';
import type { ComponentType, LazyExoticComponent } from 'react';
// Each feature's routes.ts, not its index.ts: the index also exports components, which would land in the
// entry chunk; the routes hold only the lazy pages.
import * as account from '../features/account/routes';
import * as article from '../features/article/routes';
import * as auth from '../features/auth/routes';
import * as bomImport from '../features/bom-import/routes';
import * as businessData from '../features/business-data/routes';
import * as company from '../features/company/routes';
import * as discountGroup from '../features/discount-group/routes';
import * as eclass from '../features/eclass/routes';
import * as enquiry from '../features/enquiry/routes';
import * as fieldValues from '../features/field-values/routes';
import * as importConfig from '../features/import-config/routes';
import * as legal from '../features/legal/routes';
import * as manufacturer from '../features/manufacturer/routes';
import * as notification from '../features/notification/routes';
import * as offer from '../features/offer/routes';
import * as pricing from '../features/pricing/routes';
import * as unit from '../features/unit/routes';
import * as user from '../features/user/routes';
import * as wholesaler from '../features/wholesaler/routes';
import type { PageProps } from './page-props';

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/** Every page of the reachability table, lazy-loaded so the login route stays small (ARCHITECTURE §7). */
export const PAGES: Record<PageId, Page> = {
  login: auth.LoginPage,
  forget: account.ForgetPage,
  reset: account.ResetPage,
  action: account.ActionPage,
  register: account.RegisterPage,
  businessDataPublic: businessData.FolderPublicPage,
  businessDataInvite: businessData.FolderInvitePage,
  imprint: legal.ImprintPage,
  privacy: legal.PrivacyPage,
  tom: legal.TomPage,
  avb: legal.AvbPage,
  subcontractors: legal.SubcontractorsPage,
  profile: account.ProfilePage,
  pricingSettings: pricing.PricingSettingsPage,
  messages: notification.MessagesPage,
  companyList: company.CompanyListPage,
  companyForm: company.CompanyFormPage,
  articleList: article.ArticleListPage,
  articleForm: article.ArticleFormPage,
  fieldValues: fieldValues.FieldValuesPage,
  manufacturerList: manufacturer.ManufacturerListPage,
  manufacturerForm: manufacturer.ManufacturerFormPage,
  discountList: discountGroup.DiscountGroupListPage,
  discountForm: discountGroup.DiscountGroupFormPage,
  unitList: unit.UnitListPage,
  unitForm: unit.UnitFormPage,
  wholesalerList: wholesaler.WholesalerListPage,
  wholesalerForm: wholesaler.WholesalerFormPage,
  eclassList: eclass.EclassListPage,
  eclassForm: eclass.EclassFormPage,
  importConfigList: importConfig.ImportConfigListPage,
  importConfigForm: importConfig.ImportConfigFormPage,
  bomImport: bomImport.BomImportPage,
  userList: user.UserListPage,
  userForm: user.UserFormPage,
  enquiryList: enquiry.EnquiryListPage,
  enquiryForm: enquiry.EnquiryFormPage,
  offerList: offer.offerListPage('/offer'),
  offerNew: offer.OfferNewPage,
  offerDetail: offer.OfferDetailPage,
  orderList: offer.offerListPage('/order'),
  orderDetail: offer.OfferDetailPage,
  jobList: offer.offerListPage('/job'),
  jobDetail: offer.OfferDetailPage,
  businessDataList: businessData.FolderListPage,
  businessDataDetail: businessData.FolderDetailPage,
};
