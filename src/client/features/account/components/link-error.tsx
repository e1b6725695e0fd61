import { IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultState } from '../../../components/result-state';

/** An e-mailed link that cannot be used (docs/product-requirements.md §4: 'Invalid link'), with what to do instead. */
export function LinkError({ description, children }: { description: string; children?: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <ResultState icon={IconLinkOff} color="red" title={t('linkError.title')} description={description} role="alert">
      {children}
    </ResultState>
  );
}
