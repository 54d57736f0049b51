import { describeResponseError, type ResponseError } from './responseErrors';
import styles from './QueryWorkbench.module.css';

export function RunErrors({ errors }: { errors: ResponseError[] }) {
  if (!errors.length) return null;
  return (
    <div className={styles.errors} role="alert" data-testid="query-errors">
      <h2 className={styles.errorsTitle}>{errors.length === 1 ? 'The server answered with an error' : `The server answered with ${errors.length} errors`}</h2>
      <ul>
        {errors.slice(0, 10).map((error, i) => {
          const { text, code } = describeResponseError(error);
          return (
            <li key={i}>
              {text}
              {code && <span className={styles.errorCode}> {code}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
