import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { ReportsPage } from './ReportsPage';
import { SavedViewPage } from './SavedViewPage';

/** `/reports` and a saved view's permalink `/reports/:id`; the role check happens in the router. */
export function ReportsRoutes() {
  return (
    <Routes>
      <Route index element={<ReportsPage />} />
      <Route path=":id" element={<SavedViewPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
