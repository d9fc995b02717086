variable "t" {
  type = string
}
output "x" {
  value = var.t
}
