variable "t" {
  type = string
  ephemeral = true
}
output "x" {
  value = var.t
  ephemeral = true
}
output "n" {
  value = "n-${ephemeralasnull(var.t)}"
}
