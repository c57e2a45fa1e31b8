/**
 * Does a recorded allergy concern a medicine? The allergies are free text ("Penicillin; sulfa
 * drugs"). A medicine matches an allergen named in its name, or a drug of a class the allergy
 * names (a penicillin allergy matches amoxicillin). Dispensing warns on a match; the pharmacist
 * may confirm. A warning, not a clinical decision aid: it errs towards warning.
 */
const CLASSES: Record<string, readonly string[]> = {
  penicillin: [
    "penicillin",
    "amoxicillin",
    "amoxyclav",
    "co-amoxiclav",
    "augmentin",
    "ampicillin",
    "ampiclox",
    "cloxacillin",
    "flucloxacillin",
    "benzylpenicillin",
    "benzathine",
    "piperacillin",
  ],
  sulfa: [
    "sulfamethoxazole",
    "cotrimoxazole",
    "co-trimoxazole",
    "septrin",
    "sulfadoxine",
    "sulfasalazine",
    "sulphadoxine",
  ],
  sulpha: ["sulfamethoxazole", "cotrimoxazole", "co-trimoxazole", "septrin", "sulfadoxine", "sulphadoxine"],
  nsaid: ["ibuprofen", "diclofenac", "aspirin", "naproxen", "indomethacin", "meloxicam", "piroxicam", "mefenamic"],
  aspirin: ["aspirin", "acetylsalicylic"],
  cephalosporin: ["cephalexin", "cefalexin", "ceftriaxone", "cefuroxime", "cefixime", "cefadroxil", "cefotaxime"],
  quinolone: ["ciprofloxacin", "levofloxacin", "norfloxacin", "ofloxacin", "moxifloxacin"],
  macrolide: ["erythromycin", "azithromycin", "clarithromycin"],
  tetracycline: ["tetracycline", "doxycycline"],
  opioid: ["codeine", "morphine", "tramadol", "pethidine"],
};

/** Allergens in free text: split on commas, semicolons, "and", new lines; lower case; "drugs" etc. dropped. */
export function allergensOf(allergies: string | null | undefined): string[] {
  if (!allergies) return [];
  return allergies
    .toLowerCase()
    .split(/[,;\n/]|\band\b/)
    .map((a) => a.replace(/\b(drugs?|allergy|allergic|to|antibiotics?|group|class)\b/g, "").trim())
    .filter((a) => a.length >= 3 && a !== "none" && a !== "nil" && a !== "nkda");
}

/** The allergens of `allergies` that concern a medicine of this name (empty: no warning). */
export function allergyMatches(allergies: string | null | undefined, medicineName: string): string[] {
  const name = medicineName.toLowerCase();
  const found: string[] = [];
  for (const allergen of allergensOf(allergies)) {
    const classKey = Object.keys(CLASSES).find((k) => allergen.includes(k));
    const drugs = classKey ? CLASSES[classKey]! : [];
    const words = allergen.split(/\s+/).filter((w) => w.length >= 4);
    if (name.includes(allergen) || drugs.some((d) => name.includes(d)) || words.some((w) => name.includes(w)))
      found.push(allergen);
  }
  return found;
}
