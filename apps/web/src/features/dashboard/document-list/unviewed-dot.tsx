import { useTranslation } from '../../../i18n/use-translation';
import classes from './document-list.module.css';

/** The dot of a document not opened yet, with words for screen readers. */
export function UnviewedDot({ isViewed }: { isViewed: boolean }) {
  const { t } = useTranslation();
  if (isViewed) return null;
  return <span className={classes.dot} role="img" aria-label={t('documents.unviewedDocument')} data-testid="unviewed-dot" />;
}
