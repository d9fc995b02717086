variable "enabled" {
  type = bool
  default = true
  nullable = false
}
