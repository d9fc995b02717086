variable "name" {
  type = string
  default = "alpha"
  sensitive = true
}
