/**
 * Spring Boot auto-configuration for docask: set {@code docask.index} and inject
 * {@link dev.docask.spring.DocaskIndex}. Everything else here is configured from {@code docask.*}
 * properties ({@link dev.docask.spring.DocaskProperties}) and backs off when the application defines its own.
 */
@NullMarked
package dev.docask.spring;

import org.jspecify.annotations.NullMarked;
