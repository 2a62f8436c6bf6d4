-- The United Kingdom is GB (ISO 3166-1), as currency detection and every other list has it;
-- orders stored while the checkout list said UK are brought in line.
UPDATE orders SET country_code = 'GB' WHERE country_code = 'UK';
