import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { SupplierPage } from './SupplierPage';
import { SuppliersPage } from './SuppliersPage';

/** `/suppliers` and `/suppliers/:id`; the role check happens in the router. */
export function SuppliersRoutes() {
  return (
    <Routes>
      <Route index element={<SuppliersPage />} />
      <Route path=":id" element={<SupplierPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
