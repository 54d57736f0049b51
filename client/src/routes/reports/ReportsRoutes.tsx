import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { ReportsPage } from './ReportsPage';
import { SavedViewPage } from './SavedViewPage';
import { ReportDeliveryPage } from './ReportDeliveryPage';

/** `/reports`, a saved view's permalink `/reports/:id` and its delivery page; the role check happens in the router. */
export function ReportsRoutes() {
  return (
    <Routes>
      <Route index element={<ReportsPage />} />
      <Route path=":id" element={<SavedViewPage />} />
      <Route path=":id/delivery" element={<ReportDeliveryPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
