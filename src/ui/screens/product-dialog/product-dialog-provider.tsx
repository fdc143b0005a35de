import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';
import type { CampaignProduct, Product } from '../../../domain/types';
import { selectUnitsRef } from '../../../machines/app';
import { selectUnits } from '../../../machines/catalogue';
import { productDialogMachine, selectIsDialogOpen } from '../../../machines/product';
import { useAppActor, usePortalInspection } from '../../hooks/use-app-actor';
import { useBackCloses } from '../../hooks/use-back-closes';
import { ProductDialog } from './product-dialog';

type OpenProduct = (product: Product | CampaignProduct) => void;

const OpenProductContext = createContext<OpenProduct | null>(null);

/**
 * One product dialog for the whole signed-in shell (catalogue contract §5): search results, product
 * tables and lists open it through `useOpenProduct()`. The units it converts with are loaded the first
 * time a product is opened.
 */
export function ProductDialogProvider({ children }: { children: ReactNode }) {
  const dialog = useActorRef(productDialogMachine, usePortalInspection());
  const units = useSelector(useAppActor(), selectUnitsRef);
  const unitsValue = useSelector(units, (snapshot) => (snapshot ? selectUnits(snapshot) : null));
  // Back closes the dialog and stays on the page it was opened from
  useBackCloses(useSelector(dialog, selectIsDialogOpen), () => dialog.send({ type: 'productDialog.closed' }));

  const openProduct = useCallback<OpenProduct>(
    (product) => {
      units?.send({ type: 'resource.load' });
      dialog.send({
        type: 'productDialog.opened',
        product,
        units: unitsValue,
      });
    },
    [dialog, units, unitsValue],
  );

  useEffect(() => {
    if (unitsValue) dialog.send({ type: 'productDialog.unitsLoaded', units: unitsValue });
  }, [dialog, unitsValue]);

  return (
    <OpenProductContext.Provider value={openProduct}>
      {children}
      <ProductDialog dialog={dialog} />
    </OpenProductContext.Provider>
  );
}

export function useOpenProduct(): OpenProduct {
  const openProduct = useContext(OpenProductContext);
  if (!openProduct) throw new Error('useOpenProduct() needs a <ProductDialogProvider> above it');
  return openProduct;
}
