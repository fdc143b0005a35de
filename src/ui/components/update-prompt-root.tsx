import { createRoot } from 'react-dom/client';
import { loadPortalTexts } from '../app/portal-texts';
import { UpdatePrompt } from './update-prompt';

/**
 * Shows the update prompt above whatever is on screen (the login, the signed-in portal, the staff
 * console) in a React root of its own: it holds no state of the portal's, and the portal's tree,
 * which the login route loads, needs no code for a case that arises once per release. Its texts
 * are the portal's (vite-plugins/locale-parts.ts), loaded first for a visitor still at the login.
 */
export async function showUpdatePrompt(reload: () => void): Promise<void> {
  await loadPortalTexts();
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<UpdatePrompt onReload={reload} />);
}
