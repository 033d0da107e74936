#ifndef C_UNICODE_IDNA_H
#define C_UNICODE_IDNA_H

#include <stdint.h>

/// UTS #46 ToASCII of a whole domain name (UTF-8 in, ASCII out) with the URL Standard's
/// flags: nontransitional, CheckBidi, CheckJoiners, no STD3 rules. Returns the length of
/// the result (which may exceed `capacity`: call again with more room), or -1 when ICU
/// could not run. `errors` receives ICU's UIDNA_ERROR_* bits; the caller decides which
/// of them the URL Standard ignores (hyphens, DNS lengths).
int32_t unilink_domain_to_ascii(const char *name, int32_t length, char *dest, int32_t capacity, uint32_t *errors);

/// The Unicode version of the ICU data behind `unilink_domain_to_ascii`.
void unilink_idna_unicode_version(uint8_t version[4]);

#endif
