export { BehindTheScenesHost, BehindTheScenesToggle } from './BehindTheScenes';
