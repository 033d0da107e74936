// The ICU that Foundation ships on Linux (lib_FoundationICU) exports its C API with a
// swift_ prefix and no headers; Apple's libicucore exports the plain names. ICU's own
// declarations are repeated here, as ICU documents them (uidna.h, uversion.h).
#include "CUnicodeIDNA.h"
#include <pthread.h>
#include <stddef.h>

#if defined(__APPLE__)
#define ICU(name) name
#else
#define ICU(name) swift_##name
#endif

typedef struct UIDNA UIDNA;
typedef struct {
    int16_t size;
    int8_t isTransitionalDifferent;
    int8_t reservedB3;
    uint32_t errors;
    int32_t reservedI2;
    int32_t reservedI3;
} UIDNAInfo;

UIDNA *ICU(uidna_openUTS46)(uint32_t options, int32_t *status);
int32_t ICU(uidna_nameToASCII_UTF8)(const UIDNA *idna, const char *name, int32_t length, char *dest, int32_t capacity,
                                    UIDNAInfo *info, int32_t *status);
void ICU(u_getUnicodeVersion)(uint8_t version[4]);

enum {
    UIDNA_CHECK_BIDI = 4,
    UIDNA_CHECK_CONTEXTJ = 8,
    UIDNA_NONTRANSITIONAL_TO_ASCII = 0x10,
    UIDNA_NONTRANSITIONAL_TO_UNICODE = 0x20,
    U_BUFFER_OVERFLOW_ERROR = 15,
};

static UIDNA *shared;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_shared(void) {
    int32_t status = 0;
    UIDNA *idna = ICU(uidna_openUTS46)(
        UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE, &status);
    shared = status > 0 ? NULL : idna;
}

int32_t unilink_domain_to_ascii(const char *name, int32_t length, char *dest, int32_t capacity, uint32_t *errors) {
    pthread_once(&opened, open_shared);
    if (shared == NULL) return -1;
    UIDNAInfo info = {sizeof(UIDNAInfo), 0, 0, 0, 0, 0};
    int32_t status = 0;
    int32_t written = ICU(uidna_nameToASCII_UTF8)(shared, name, length, dest, capacity, &info, &status);
    if (status > 0 && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    *errors = info.errors;
    return written;
}

void unilink_idna_unicode_version(uint8_t version[4]) {
    ICU(u_getUnicodeVersion)(version);
}
