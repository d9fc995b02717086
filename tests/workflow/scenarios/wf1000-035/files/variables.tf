variable "size" {
  type = number
}
