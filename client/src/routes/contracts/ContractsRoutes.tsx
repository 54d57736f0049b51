import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { ContractEditPage } from './ContractEditPage';
import { ContractPage } from './ContractPage';
import { ContractsPage } from './ContractsPage';

/** `/contracts`, `/contracts/new`, `/contracts/:id` and `/contracts/:id/edit`; the role check happens in the router. */
export function ContractsRoutes() {
  return (
    <Routes>
      <Route index element={<ContractsPage />} />
      <Route path="new" element={<ContractEditPage />} />
      <Route path=":id" element={<ContractPage />} />
      <Route path=":id/edit" element={<ContractEditPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
