import type { PageId } from '@portal/domain/rules/reachability';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageProps } from './page-props';

type Page = LazyExoticComponent<ComponentType<PageProps>>;

function inProgress(page: PageId): Page {
  return lazy(() =>
    import('../components/InProgressPage').then((module) => ({
      default: () => <module.InProgressPage page={page} />,
    })),
  );
}

/** Every page of the reachability table, lazy-loaded so the login route stays small (ARCHITECTURE §7). */
export const PAGES: Record<PageId, Page> = {
  login: lazy(() => import('../features/auth/pages/LoginPage')),
  forget: inProgress('forget'),
  reset: inProgress('reset'),
  action: inProgress('action'),
  register: inProgress('register'),
  businessDataPublic: inProgress('businessDataPublic'),
  businessDataInvite: inProgress('businessDataInvite'),
  imprint: inProgress('imprint'),
  privacy: inProgress('privacy'),
  tom: inProgress('tom'),
  avb: inProgress('avb'),
  subcontractors: inProgress('subcontractors'),
  profile: inProgress('profile'),
  messages: inProgress('messages'),
  companyList: lazy(() => import('../features/company/pages/CompanyListPage')),
  companyForm: lazy(() => import('../features/company/pages/CompanyFormPage')),
  articleList: inProgress('articleList'),
  articleForm: inProgress('articleForm'),
  fieldValues: inProgress('fieldValues'),
  manufacturerList: inProgress('manufacturerList'),
  manufacturerForm: inProgress('manufacturerForm'),
  discountList: inProgress('discountList'),
  discountForm: inProgress('discountForm'),
  unitList: inProgress('unitList'),
  unitForm: inProgress('unitForm'),
  wholesalerList: inProgress('wholesalerList'),
  wholesalerForm: inProgress('wholesalerForm'),
  eclassList: inProgress('eclassList'),
  eclassForm: inProgress('eclassForm'),
  importConfigList: inProgress('importConfigList'),
  importConfigForm: inProgress('importConfigForm'),
  bomImport: inProgress('bomImport'),
  userList: lazy(() => import('../features/user/pages/UserListPage')),
  userForm: lazy(() => import('../features/user/pages/UserFormPage')),
  enquiryList: inProgress('enquiryList'),
  enquiryForm: inProgress('enquiryForm'),
  offerList: inProgress('offerList'),
  offerNew: inProgress('offerNew'),
  offerDetail: inProgress('offerDetail'),
  orderList: inProgress('orderList'),
  orderDetail: inProgress('orderDetail'),
  jobList: inProgress('jobList'),
  jobDetail: inProgress('jobDetail'),
  businessDataList: inProgress('businessDataList'),
  businessDataDetail: inProgress('businessDataDetail'),
};
