import { ATTRIBUTE_VALUE_MAX_LENGTH, type ChosenReport, type ChosenReportInput } from '@portal/contract';

/**
 * The attribute values a person types to prove a subscription (registration step 4 and the
 * onboarding dialog): every value required, at most 255 characters (spec section 5).
 */

/** The form key of one attribute of one document type. */
export function attributeFieldKey(reportId: number, attributeId: number): string {
  return `${reportId}-${attributeId}`;
}

/** The translation key of what is wrong with a value, or null when it is fine. */
export function checkAttributeValue(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'validation.required';
  if (trimmed.length > ATTRIBUTE_VALUE_MAX_LENGTH) return 'validation.attributeValueTooLong';
  return null;
}

/** Every wrong value, by attribute field key; empty when all can be sent. */
export function findAttributeErrors(reports: ChosenReport[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const report of reports) {
    for (const attribute of report.Attributes) {
      const error = checkAttributeValue(attribute.Value);
      if (error) errors[attributeFieldKey(report.Id, attribute.AttributeId)] = error;
    }
  }
  return errors;
}

/**
 * A value typed for one type's attribute. The same detail asked by the types listed after it (an
 * attribute of the same name in both languages, such as the account number) follows it while it
 * still holds what this one held, empty at first: the person types it once. A later type given a
 * value of its own keeps it, and never changes the ones above it.
 */
export function setAttributeValue(reports: ChosenReport[], reportId: number, attributeId: number, value: string): ChosenReport[] {
  const position = reports.findIndex((report) => report.Id === reportId);
  const edited = reports[position]?.Attributes.find((attribute) => attribute.AttributeId === attributeId);
  if (!edited) return reports;
  const isSameDetail = (attribute: ChosenReport['Attributes'][number]) =>
    attribute.NameEn === edited.NameEn && attribute.NameFr === edited.NameFr && attribute.Value === edited.Value;
  return reports.map((report, index) => ({
    ...report,
    Attributes: report.Attributes.map((attribute) =>
      (index === position && attribute.AttributeId === attributeId) || (index > position && isSameDetail(attribute))
        ? { ...attribute, Value: value }
        : attribute,
    ),
  }));
}

/**
 * The server answers each chosen type with empty values; a person who went back a step and
 * forward again keeps what they had typed for the types still chosen.
 */
export function keepTypedValues(next: ChosenReport[], previous: ChosenReport[]): ChosenReport[] {
  const typed = new Map<string, string>();
  for (const report of previous) {
    for (const attribute of report.Attributes) typed.set(attributeFieldKey(report.Id, attribute.AttributeId), attribute.Value);
  }
  return next.map((report) => ({
    ...report,
    Attributes: report.Attributes.map((attribute) => ({
      ...attribute,
      Value: typed.get(attributeFieldKey(report.Id, attribute.AttributeId)) ?? attribute.Value,
    })),
  }));
}

/** What is sent: the values without the spaces around them. */
export function toChosenReportInputs(reports: ChosenReport[]): ChosenReportInput[] {
  return reports.map((report) => ({
    ...report,
    Attributes: report.Attributes.map((attribute) => ({ ...attribute, Value: attribute.Value.trim() })),
  }));
}

type SentReport = Pick<ChosenReportInput, 'Id' | 'Attributes'>;

/**
 * The values a refusal turned down, by field key: every value of each type it names (no document
 * of the type carries them together). All of a type's values, never the one that differs: naming
 * it would tell that the others are some owner's.
 */
export function refusedValues(sent: SentReport[], refusedTypeIds: number[]): Record<string, string> {
  const refused: Record<string, string> = {};
  for (const report of sent) {
    if (!refusedTypeIds.includes(report.Id)) continue;
    for (const attribute of report.Attributes) refused[attributeFieldKey(report.Id, attribute.AttributeId)] = attribute.Value.trim();
  }
  return refused;
}

/** A "check this value" mark on each field still holding the value refused; a value changed since is a new try. */
export function markRefusedValues(reports: ChosenReport[], refused: Record<string, string>): Record<string, string> {
  const marks: Record<string, string> = {};
  for (const report of reports) {
    for (const attribute of report.Attributes) {
      const key = attributeFieldKey(report.Id, attribute.AttributeId);
      if (Object.hasOwn(refused, key) && refused[key] === attribute.Value.trim()) marks[key] = 'subscription.checkValue';
    }
  }
  return marks;
}
