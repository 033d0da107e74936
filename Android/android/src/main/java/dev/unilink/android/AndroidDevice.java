package dev.unilink.android;

import android.content.Context;
import android.content.pm.PackageInfo;
import android.content.pm.PackageManager;
import android.os.Build;
import android.os.LocaleList;
import android.util.DisplayMetrics;
import dev.unilink.core.DeviceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/** The device and the app, as the first-launch check describes them. */
final class AndroidDevice {
    private AndroidDevice() {}

    static DeviceInfo describe(Context context) {
        DisplayMetrics metrics = context.getResources().getDisplayMetrics();
        Integer width = null;
        Integer height = null;
        Double scale = null;
        if (metrics != null && metrics.density > 0) {
            // In points (dp), as the browser's screen.width reports them, with the scale.
            width = Math.round(metrics.widthPixels / metrics.density);
            height = Math.round(metrics.heightPixels / metrics.density);
            scale = (double) metrics.density;
        }
        // DeviceInfo keeps each value within the server's limits (a GMT+05:30 zone is left out).
        return new DeviceInfo(Build.VERSION.RELEASE, Build.MODEL, width, height, scale, languages(), TimeZone.getDefault().getID());
    }

    private static List<String> languages() {
        List<String> tags = new ArrayList<>();
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.N) {
            LocaleList locales = LocaleList.getDefault();
            // All of them: DeviceInfo keeps the first 10 the server takes (a long regional-preferences tag is left out).
            for (int i = 0; i < locales.size() && tags.size() < 32; i++) {
                tags.add(locales.get(i).toLanguageTag());
            }
        } else {
            tags.add(Locale.getDefault().toLanguageTag());
        }
        return tags;
    }

    /**
     * The version code: links' {@code min_app_version.android} is compared with it (the
     * server takes up to 10 digits: every version code, up to 2100000000).
     */
    @SuppressWarnings("deprecation")
    static String versionCode(Context context) {
        try {
            PackageInfo info = context.getPackageManager().getPackageInfo(context.getPackageName(), 0);
            long code = Build.VERSION.SDK_INT >= Build.VERSION_CODES.P ? info.getLongVersionCode() : info.versionCode;
            return Long.toString(code);
        } catch (PackageManager.NameNotFoundException | RuntimeException unknown) {
            return null;
        }
    }
}
