// The view shows the camera the scan's camera actor opened; the chart itself keeps plain data only.
export { watchCameraStream } from '../../services/scanning/camera-preview';
