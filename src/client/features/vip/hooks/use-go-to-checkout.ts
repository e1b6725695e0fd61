import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { leaveSite } from '../leave-site';
import { checkoutTarget } from '../vip-format';

/**
 * Sends the browser to an order's checkout: ours inside the app (in the page's language), a provider's hosted one by
 * leaving the site. Answers where it went; `invalid` (nothing followed) is for the caller to say.
 */
export function useGoToCheckout(): (checkoutUrl: string) => 'app' | 'external' | 'invalid' {
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return (checkoutUrl) => {
    const target = checkoutTarget(checkoutUrl, window.location.origin);
    if (target.kind === 'app') void navigate(localePath(target.path));
    else if (target.kind === 'external') leaveSite(target.url);
    return target.kind;
  };
}
