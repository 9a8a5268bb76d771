-- The six roles and their permissions (spec 1 §6). Later changes to roles go through the roles calls.
INSERT INTO "roles" ("name", "display_name", "description") VALUES
  ('superadmin', 'Super Administrator', 'Every permission on the platform.'),
  ('admin', 'Administrator', 'Runs users, suppliers, activities, content, currencies, destinations and trips; reads analytics.'),
  ('expert', 'Travel Expert', 'Plans assigned trips; keeps suppliers, activities and destinations.'),
  ('specialist', 'Travel Specialist', 'Reviews onboarding quizzes, matches travelers with experts, keeps customer profiles.'),
  ('editor', 'Content Editor', 'Keeps content, activities and destinations.'),
  ('traveler', 'Traveler', 'Requests and manages trips, books, chats with experts.')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r.id, p.permission
FROM (VALUES
  ('superadmin', '*'),
  ('admin', 'manage_users'), ('admin', 'manage_suppliers'), ('admin', 'manage_activities'), ('admin', 'manage_content'),
  ('admin', 'view_analytics'), ('admin', 'manage_trips'), ('admin', 'manage_destinations'), ('admin', 'manage_currencies'),
  ('expert', 'manage_suppliers'), ('expert', 'manage_activities'), ('expert', 'manage_assigned_trips'),
  ('expert', 'view_performance'), ('expert', 'manage_destinations'),
  ('specialist', 'view_suppliers'), ('specialist', 'review_quizzes'), ('specialist', 'manage_customer_profiles'),
  ('specialist', 'view_assignments'), ('specialist', 'communicate_with_travelers'),
  ('editor', 'manage_content'), ('editor', 'manage_activities'), ('editor', 'manage_destinations'),
  ('traveler', 'create_trips'), ('traveler', 'view_bookings'), ('traveler', 'manage_profile'), ('traveler', 'access_trip_planning')
) AS p(role_name, permission)
JOIN "roles" r ON r.name = p.role_name
ON CONFLICT DO NOTHING;
