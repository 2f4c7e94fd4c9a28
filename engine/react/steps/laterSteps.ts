/** Steps that only come after a visitor has started (deals, marketplace, upsell, success): one lazy chunk. */
export { MmobStep } from "./MmobStep";
export { StickeeStep } from "./StickeeStep";
export { SuccessStep } from "./SuccessStep";
export { UpsellStep } from "./UpsellStep";
