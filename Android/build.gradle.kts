// One Android library from both layers: core/ (plain Java, no Android imports) and
// android/ (the adapter). The core's JUnit tests need the real server and run from
// Android/test.sh, not from Gradle.
plugins {
    id("com.android.library") version "8.5.2"
    `maven-publish`
}

group = "dev.unilink"
version = "1.0.0"

android {
    namespace = "dev.unilink.android"
    compileSdk = 34

    defaultConfig {
        minSdk = 21
        consumerProguardFiles("consumer-rules.pro")
    }

    sourceSets["main"].java.srcDirs("core/src/main/java", "android/src/main/java")
    sourceSets["main"].manifest.srcFile("android/src/main/AndroidManifest.xml")

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    publishing {
        singleVariant("release") {
            withSourcesJar()
        }
    }
}

dependencies {
    // Optional for the app: the SDK reads the Play Install Referrer through it when the app
    // includes it, and checks without a referrer when it does not.
    compileOnly("com.android.installreferrer:installreferrer:2.2")
}

publishing {
    publications {
        register<MavenPublication>("release") {
            artifactId = "unilink-android"
            afterEvaluate {
                from(components["release"])
            }
        }
    }
}
