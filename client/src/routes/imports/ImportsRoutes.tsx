import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { ImportBatchPage } from './ImportBatchPage';
import { ImportsPage } from './ImportsPage';

/** `/imports` and `/imports/:id`; the role check happens in the router. */
export function ImportsRoutes() {
  return (
    <Routes>
      <Route index element={<ImportsPage />} />
      <Route path=":id" element={<ImportBatchPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
