import { useSelector } from '@xstate/react';
import { Camera } from 'lucide-react';
import { selectCanUseCamera } from '../../../machines/scan';
import { type ScanRef, secondaryButton } from './scan-parts';

/** Back to the camera ("Use the camera", "Scan again"), shown only where the camera can be used. */
export function CameraButton({ scan, label }: { scan: ScanRef; label: string }) {
  const canUseCamera = useSelector(scan, selectCanUseCamera);
  if (!canUseCamera) return null;
  return (
    <button
      type="button"
      className={secondaryButton}
      onClick={() => scan.send({ type: 'scan.cameraChosen' })}
    >
      <Camera aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}
