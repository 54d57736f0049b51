import { formatPercent } from '../../format/numbers';
import { confidenceTone } from './confidence';
import styles from './ConfidenceMeter.module.css';

/** A confidence as a percentage with a short bar beside it, coloured by band (the figure says it all). */
export function ConfidenceMeter({ value, title }: { value: number; title?: string }) {
  const tone = confidenceTone(value);
  return (
    <span className={styles.root} title={title}>
      <span className={styles.figure}>{formatPercent(value)}</span>
      <span className={styles.track} aria-hidden="true">
        <span className={`${styles.fill} ${styles[tone]}`} style={{ width: `${Math.max(0, Math.min(1, value)) * 100}%` }} />
      </span>
    </span>
  );
}
