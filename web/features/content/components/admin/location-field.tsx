import { CUSTOM_LOCATION, eventLocations } from "../../../../../contracts/content-catalog.ts";
import { SelectField, TextField } from "../../../../components/ui/fields.tsx";
import { CUSTOM, locationChoice } from "../../event-form-values.ts";

type Place = { location: string; city: string; country: string };

/** The place from a list, or 'Custom Location' with free city and country fields. */
export function LocationField({
  value,
  onChange,
  errors,
}: {
  value: Place;
  onChange: (change: Partial<Place>) => void;
  errors: Record<string, string>;
}) {
  const custom = value.location === CUSTOM;
  return (
    <div className="space-y-3">
      <SelectField
        label="Location"
        required
        value={value.location}
        onChange={(event) => onChange({ location: event.target.value })}
        error={custom ? errors.location : (errors.location ?? errors["location.city"] ?? errors["location.country"])}
      >
        <option value="" disabled>
          Choose a place
        </option>
        {eventLocations.map((place) => (
          <option key={locationChoice(place)} value={locationChoice(place)}>
            {locationChoice(place)}
          </option>
        ))}
        <option value={CUSTOM}>{CUSTOM_LOCATION}</option>
      </SelectField>
      {custom ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="City"
            required
            maxLength={100}
            value={value.city}
            onChange={(event) => onChange({ city: event.target.value })}
            error={errors["location.city"]}
          />
          <TextField
            label="Country"
            required
            maxLength={100}
            value={value.country}
            onChange={(event) => onChange({ country: event.target.value })}
            error={errors["location.country"]}
          />
        </div>
      ) : null}
    </div>
  );
}
