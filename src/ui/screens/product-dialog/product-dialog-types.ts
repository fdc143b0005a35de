import type { ActorRefFrom } from 'xstate';
import type { CampaignProduct, Product } from '../../../domain/types';
import type { productDialogMachine } from '../../../machines/product';

// The product dialog's shared types (its actor and what its cart part needs), apart from the components so the
// dialog, its parts and its provider import them without importing one another in a circle.

export type ProductDialogRef = ActorRefFrom<typeof productDialogMachine>;

/** What the cart part of the dialog needs to add the chosen amount . */
export interface CartActionProps {
  product: Product | CampaignProduct;
  /** the chosen unit, null while units load or failed */
  unitId: number | null;
  /** the chosen quantity, null while the typed text is invalid */
  quantity: number | null;
  /** why nothing can be added ('product.outOfStock'), shown beside the disabled button; null when orderable */
  blockedKey: 'product.outOfStock' | null;
  /** closes the dialog: "Go to cart" leaves it for the drawer, which would otherwise open on top of it */
  onLeave: () => void;
}
