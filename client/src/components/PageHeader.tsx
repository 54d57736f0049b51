import type { ReactNode } from 'react';

export function PageHeader({ title, description, badge }: { title: string; description?: ReactNode; badge?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-header__title-row">
        <h1 className="page-header__title">{title}</h1>
        {badge}
      </div>
      {description && <p className="page-header__description">{description}</p>}
    </header>
  );
}
