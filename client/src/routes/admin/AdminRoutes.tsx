import type { ReactNode } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useSessionRole } from '../../features/session/SessionContext';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { adminTabs, adminTabsFor } from './adminTabs';
import { ClassificationPage } from './ClassificationPage';
import { ClassificationReviewPage } from './ClassificationReviewPage';
import { FxRatesPage } from './FxRatesPage';
import { SupplierMergesPage } from './SupplierMergesPage';
import { TaxonomyPage } from './TaxonomyPage';
import { UsersPage } from './UsersPage';
import { AuditPage } from './AuditPage';
import styles from './AdminRoutes.module.css';

const tabPages: Record<string, () => React.JSX.Element> = {
  'suppliers/merge': SupplierMergesPage,
  classification: ClassificationPage,
  'classification/review': ClassificationReviewPage,
  'fx-rates': FxRatesPage,
  taxonomy: TaxonomyPage,
  users: UsersPage,
  audit: AuditPage,
};

/** `/admin/...`: one tab per administrative task the role may do; the server enforces the same rules. */
export function AdminRoutes() {
  const role = useSessionRole();
  const tabs = adminTabsFor(role);
  return (
    <Routes>
      <Route index element={tabs[0] ? <Navigate to={tabs[0].path} replace /> : <NotFoundPage />} />
      {adminTabs.map((tab) => {
        const Page = tabPages[tab.path];
        const allowed = tabs.includes(tab);
        return (
          <Route
            key={tab.path}
            path={tab.path}
            element={
              <AdminLayout>
                {allowed ? (
                  <Page />
                ) : (
                  <p className="alert alert--error" role="alert">
                    Your role does not include {tab.label.toLowerCase()}.
                  </p>
                )}
              </AdminLayout>
            }
          />
        );
      })}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function AdminLayout({ children }: { children: ReactNode }) {
  const tabs = adminTabsFor(useSessionRole());
  return (
    <div className="admin">
      <nav className={styles.root} aria-label="Admin">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.path}>
              {/* `end`: the rules tab is not also current on its review tab below it. */}
              <NavLink to={`/admin/${tab.path}`} className={styles.link} end>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
