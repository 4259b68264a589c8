using System.Reflection;

[assembly: AssemblyTitle("Marketplay.Client")]
[assembly: AssemblyDescription("Connect JSON client for the marketplay GameService (HttpClient or UnityWebRequest, Newtonsoft.Json)")]
[assembly: AssemblyVersion("0.2.0.0")]
[assembly: AssemblyInformationalVersion("0.2.0")]
[assembly: AssemblyMetadata("License", "Apache-2.0")]
