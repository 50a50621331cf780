/** The starter's own plumbing (start-up failure reports); not API, may change in any release. */
@NullMarked
package dev.docask.spring.internal;

import org.jspecify.annotations.NullMarked;
