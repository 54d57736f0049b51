import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../placeholder/NotFoundPage';
import { CategoriesPage } from './CategoriesPage';
import { CategoryPage } from './CategoryPage';

/** `/categories` and `/categories/:id`; the role check happens in the router. */
export function CategoriesRoutes() {
  return (
    <Routes>
      <Route index element={<CategoriesPage />} />
      <Route path=":id" element={<CategoryPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
