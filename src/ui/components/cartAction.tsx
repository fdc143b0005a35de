import { AddToCartAction } from './AddToCartAction';
import type { CartAction } from './ProductDialog';

/** The product dialog's cart part (given to `<ProductDialogProvider cartAction>`). */
export const cartAction: CartAction = (props) => <AddToCartAction {...props} />;
