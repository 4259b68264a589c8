// COMPILE-ONLY STUBS, NEVER SHIPPED: the few UnityEngine types and members the
// Unity package uses (Runtime/UnityWebRequestTransport.cs, Samples~), with the
// signatures of Unity 2021.3's scripting reference, so tests/interop/test_unity_package.py
// can compile the package with Mono where no Unity exists. Nothing here runs:
// every body throws. They prove that our code type-checks against these
// signatures, not that Unity behaves as documented.
using System;

namespace UnityEngine
{
    public class Object
    {
    }

    public class Component : Object
    {
    }

    public class Behaviour : Component
    {
        public bool enabled { get { throw Stub.Only(); } set { throw Stub.Only(); } }
    }

    public class MonoBehaviour : Behaviour
    {
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class SerializeField : Attribute
    {
    }

    public static class Debug
    {
        public static void Log(object message) { throw Stub.Only(); }
        public static void LogError(object message) { throw Stub.Only(); }
    }

    public class AsyncOperation
    {
        public bool isDone { get { throw Stub.Only(); } }
        public event Action<AsyncOperation> completed { add { throw Stub.Only(); } remove { throw Stub.Only(); } }
    }

    static class Stub
    {
        internal static Exception Only()
        {
            return new NotSupportedException("compile-only UnityEngine stub");
        }
    }
}

namespace UnityEngine.Networking
{
    public class UploadHandler : IDisposable
    {
        public void Dispose() { throw Stub.Only(); }
    }

    public sealed class UploadHandlerRaw : UploadHandler
    {
        public UploadHandlerRaw(byte[] data) { throw Stub.Only(); }
    }

    public class DownloadHandler : IDisposable
    {
        public string text { get { throw Stub.Only(); } }
        public void Dispose() { throw Stub.Only(); }
    }

    public sealed class DownloadHandlerBuffer : DownloadHandler
    {
        public DownloadHandlerBuffer() { throw Stub.Only(); }
    }

    public class UnityWebRequestAsyncOperation : AsyncOperation
    {
        public UnityWebRequest webRequest { get { throw Stub.Only(); } }
    }

    public class UnityWebRequest : IDisposable
    {
        public enum Result
        {
            InProgress,
            Success,
            ConnectionError,
            ProtocolError,
            DataProcessingError,
        }

        public UnityWebRequest(string url, string method) { throw Stub.Only(); }
        public UploadHandler uploadHandler { get { throw Stub.Only(); } set { throw Stub.Only(); } }
        public DownloadHandler downloadHandler { get { throw Stub.Only(); } set { throw Stub.Only(); } }
        public int timeout { get { throw Stub.Only(); } set { throw Stub.Only(); } }
        public long responseCode { get { throw Stub.Only(); } }
        public Result result { get { throw Stub.Only(); } }
        public string error { get { throw Stub.Only(); } }
        public void SetRequestHeader(string name, string value) { throw Stub.Only(); }
        public UnityWebRequestAsyncOperation SendWebRequest() { throw Stub.Only(); }
        public void Dispose() { throw Stub.Only(); }
    }
}
