/** A business energy v1 lead's answers up to the contact step (electricity and gas, a picked address), for benchmarks and tests to post. */
export const businessEnergyV1Answers = {
  utility: "both",
  spendString: "between1000And5000",
  hasHalfHourlyMeter: "no",
  contractExpiry: "within3Months",
  currentSupplier: "edf",
  businessAddressManual: false,
  businessAddress: { id: "demo-ls1-4dy-2", lines: ["Brightwell Print Studio", "14 Calder Row"], townCity: "Leeds", postcode: "LS1 4DY" },
  postcode: "LS1 4DY",
  businessName: "Brightwell Print Studio",
} as const;
