package org.stealbench.queues;

import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * A child-first class loader for the add-a-variant tests (this module's {@code AddVariantTest}
 * and the harness's, which takes it from this module's test jar): it loads every
 * {@code org.stealbench} class itself, from its URLs only (a registry compiled with one more line
 * first, then the classes as built), and anything else (JUnit, Lincheck, JMH, the JDK) from its
 * parent, so the copy of the registry and everything that reads it meet in one loader.
 */
public final class StealbenchFirst extends URLClassLoader {

    public StealbenchFirst(URL[] urls, ClassLoader parent) {
        super(urls, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith("org.stealbench.")) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                loaded = findClass(name);
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    /** Where {@code type}'s class file was loaded from: a classes folder or a jar. */
    public static Path codeSource(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
