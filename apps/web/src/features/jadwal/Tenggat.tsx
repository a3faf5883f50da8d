// The detail pages still import the countdown from here; it lives in the shared layer now.
export { sisaWaktu, Tenggat } from '../../ui/Tenggat';
