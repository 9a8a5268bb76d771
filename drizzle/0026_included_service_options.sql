-- An activity's included services are the ten options of 2-catalogue-content.md §9 (professional_guide … insurance),
-- checked on every write since this release. Rows written before held free text ("Local guide", "Park fees"): each
-- entry becomes the options it names (a guide, a pickup, a meal …), and an entry that is not simply an option or its
-- label is kept for the traveler at the end of the activity's "Includes" text, so nothing typed is lost.
UPDATE "activities" AS a
SET "included_services" = m.services,
    "includes_text" = CASE
      WHEN m.details = '' THEN a."includes_text"
      WHEN a."includes_text" = '' THEN m.details
      ELSE a."includes_text" || E'\n' || m.details
    END
FROM (
  SELECT x."id",
    coalesce((
      SELECT jsonb_agg(o.value ORDER BY o.position)
      FROM (VALUES
        (1, 'professional_guide', 'professional guide', '\mguid|professional_guide'),
        (2, 'hotel_pickup', 'hotel pickup', 'pick[- ]?up|hotel_pickup'),
        (3, 'hotel_dropoff', 'hotel drop-off', 'drop[- ]?off|hotel_dropoff'),
        (4, 'entrance_fees', 'entrance fees', 'entrance|admission|ticket|\mfees?\M|entrance_fees'),
        (5, 'safety_equipment', 'safety equipment', 'safety|helmet|life ?jacket|harness|crampon|\mgear\M|safety_equipment'),
        (6, 'meals', 'meals', '\mmeals?\M|breakfast|lunch|dinner|snack|picnic|\mfood|tasting|\meats\M'),
        (7, 'drinks', 'drinks', 'drink|beverage|\mwater\M|\mtea\M|coffee|wine|\mbeer|chocolate|juice'),
        (8, 'transport', 'transport', 'transport|transfer|\mbus\M|minibus|shuttle|vehicle|driver|\mcar\M|\mboat|ferry|train'),
        (9, 'photos', 'photos', 'photo'),
        (10, 'insurance', 'insurance', 'insur')
      ) AS o(position, value, label, pattern)
      WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(x."included_services") AS e(entry) WHERE e.entry ~* o.pattern)
    ), '[]'::jsonb) AS services,
    coalesce((
      SELECT string_agg(btrim(e.entry), ', ' ORDER BY e.n)
      FROM jsonb_array_elements_text(x."included_services") WITH ORDINALITY AS e(entry, n)
      WHERE btrim(e.entry) <> ''
        AND lower(btrim(e.entry)) NOT IN (
          'professional_guide', 'professional guide', 'hotel_pickup', 'hotel pickup', 'hotel_dropoff', 'hotel drop-off',
          'entrance_fees', 'entrance fees', 'safety_equipment', 'safety equipment', 'meals', 'drinks', 'transport',
          'photos', 'insurance')
    ), '') AS details
  FROM "activities" AS x
  WHERE jsonb_typeof(x."included_services") = 'array'
    AND NOT x."included_services" <@ '["professional_guide", "hotel_pickup", "hotel_dropoff", "entrance_fees", "safety_equipment", "meals", "drinks", "transport", "photos", "insurance"]'::jsonb
) AS m
WHERE a."id" = m."id";
